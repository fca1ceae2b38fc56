import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { RichContent } from '../../components/rich-text/rich-content';
import type { AnswerAreaProps } from '../kind';
import { isAnswered } from '../shared/player-question';
import { moveItem, orderingKeyIds, shownOrder } from './ordering-model';
import { useOrderingTexts } from './use-ordering-texts';

const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** An item's words for a button's name and the announcement (its markup left out). */
function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The player's answer area: the items as served (shuffled, never in the key's order) or as the
 * student last put them, each with Move up and Move down buttons. Every move saves the whole order
 * and is announced politely (the item and its new place); focus stays with the item moved.
 */
export function OrderingAnswer({ question, practiceKey, isLocked, onAnswer }: Pick<AnswerAreaProps, 'question' | 'practiceKey' | 'isLocked' | 'onAnswer'>) {
  const text = useOrderingTexts();
  const served = question.answer.map((o) => o.answerID);
  const order = shownOrder(served, question.answerID);
  const contentOf = new Map(question.answer.map((o) => [o.answerID, o.answerData]));
  const [announcement, setAnnouncement] = useState('');
  const [focusNext, setFocusNext] = useState<{ id: number; direction: 'up' | 'down' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const key = orderingKeyIds(practiceKey?.correctAnswerData);
  const headingId = `ordering-${question.questionID}`;
  const count = order.length;

  useEffect(() => {
    if (!focusNext) return;
    const { id, direction } = focusNext;
    const position = order.indexOf(id);
    // At either end the button pressed is disabled: focus the other one of the item.
    const atEnd = direction === 'up' ? position === 0 : position === count - 1;
    const target = atEnd ? (direction === 'up' ? 'down' : 'up') : direction;
    buttons.current.get(`${id}:${target}`)?.focus();
    setFocusNext(null);
  }, [focusNext, order, count]);

  const move = (index: number, delta: -1 | 1) => {
    const id = order[index]!;
    const next = moveItem(order, index, delta);
    onAnswer(next, null);
    setAnnouncement(text('moved', { item: plainText(contentOf.get(id) ?? ''), position: index + delta + 1, count }));
    setFocusNext({ id, direction: delta < 0 ? 'up' : 'down' });
  };

  const itemContent = (html: string) =>
    question.contentType === 'html' ? <RichContent html={html} sx={{ '& p': { m: 0 } }} /> : <Typography component="span">{html}</Typography>;

  return (
    <Box>
      <Typography id={headingId} component="h3" variant="body1" sx={{ fontWeight: 600 }}>
        {text('answer')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {text('help')}
      </Typography>
      <Box component="ol" aria-labelledby={headingId} data-testid="ordering-items" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {order.map((id, index) => {
          const item = contentOf.get(id) ?? '';
          const name = plainText(item);
          return (
            <Box
              component="li"
              key={id}
              data-item-id={id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
            >
              <Typography component="span" sx={{ fontWeight: 700, minWidth: 24 }} aria-label={text('position', { position: index + 1, count })}>
                {index + 1}.
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0 }}>{itemContent(item)}</Box>
              <IconButton
                ref={(el: HTMLButtonElement | null) => void (el ? buttons.current.set(`${id}:up`, el) : buttons.current.delete(`${id}:up`))}
                aria-label={text('moveUp', { item: name })}
                disabled={isLocked || index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                ref={(el: HTMLButtonElement | null) => void (el ? buttons.current.set(`${id}:down`, el) : buttons.current.delete(`${id}:down`))}
                aria-label={text('moveDown', { item: name })}
                disabled={isLocked || index === count - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {!isAnswered(question) && !isLocked && count > 0 && (
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          onClick={() => {
            onAnswer([...order], null);
            setAnnouncement(text('kept'));
          }}
        >
          {text('keep')}
        </Button>
      )}
      <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN} data-testid="ordering-announcement">
        {announcement}
      </Box>
      {key && (
        <Box sx={{ mt: 2 }} data-testid="ordering-key">
          <Typography sx={{ fontWeight: 600, color: 'success.dark' }}>{text('correctOrder')}</Typography>
          <Box component="ol" sx={{ pl: 3, my: 0.5 }}>
            {key.map((id) => (
              <li key={id}>{itemContent(contentOf.get(id) ?? String(id))}</li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
