import type { SearchResult, SearchResultType } from '@app/contracts';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useWorkspaceSearch } from '../api/search-api';

const ICONS: Record<SearchResultType, ReactElement> = {
  note: <StickyNote2OutlinedIcon />,
  bookmark: <BookmarkBorderIcon />,
  todo: <CheckBoxOutlinedIcon />,
};

/**
 * The quick bar's search: titles (and text) matched case-insensitively by the server; "No
 * results.." when nothing matches (spec 000 §1). Choosing a result opens the item.
 */
export function SearchPanel({
  onOpen,
  autoFocus = true,
}: {
  onOpen: (result: SearchResult) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('search');
  const { t: tm } = useTranslation('messages');
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const search = useWorkspaceSearch(query);
  const isTyping = text.trim() !== query;
  const results = query ? (search.data ?? []) : [];
  const isSettled = Boolean(query) && !isTyping && search.isSuccess && !search.isPlaceholderData;

  return (
    <Box>
      <TextField
        fullWidth
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('searchPlaceholder')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && isSettled && results[0]) onOpen(results[0]);
        }}
        slotProps={{
          htmlInput: { 'aria-label': t('searchPlaceholder'), maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {query && (search.isFetching || isTyping) && <LinearProgress sx={{ mt: 0.5 }} aria-label={t('searching')} />}
      {!query && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('hint')}
        </Typography>
      )}
      {query && search.isError && (
        <Typography color="error" sx={{ mt: 1.5 }}>
          {t('failed')}
        </Typography>
      )}
      {isSettled && results.length === 0 && (
        <Typography sx={{ mt: 1.5 }} data-testid="search-empty">
          {tm('noResults')}
        </Typography>
      )}
      {results.length > 0 && (
        <List dense aria-label={t('quickBar')} sx={{ mt: 1, maxHeight: 360, overflowY: 'auto' }}>
          {results.map((result) => (
            <ListItem key={`${result.type}:${result.id}`} disablePadding>
              <ListItemButton
                onClick={() => onOpen(result)}
                data-testid="search-result"
              >
                <ListItemIcon>{ICONS[result.type]}</ListItemIcon>
                <ListItemText
                  primary={result.title || result.snippet}
                  secondary={result.title ? result.snippet : undefined}
                  slotProps={{ secondary: { noWrap: true } }}
                />
                <Chip size="small" label={t(`type.${result.type}`)} sx={{ ml: 1 }} />
                {result.archived && <Chip size="small" variant="outlined" label={t('archived')} sx={{ ml: 0.5 }} />}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
