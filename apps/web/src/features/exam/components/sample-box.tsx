import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A sample's input or output: a figure named by its visible caption ("Sample 1 · Input"). */
export function SampleBox({ id, caption, text }: { id: string; caption: string; text: string }) {
  return (
    <Box component="figure" aria-labelledby={id} sx={{ m: 0, minWidth: 0 }}>
      <Typography id={id} variant="caption" component="figcaption" color="text.secondary">
        {caption}
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto' }}>
        {text}
      </Box>
    </Box>
  );
}
