const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^hsla?\(\s*[\d.%\s,/deg]+\)$/i, /^[a-z]{3,20}$/i];

/**
 * The style declarations authored HTML may carry, with the values each may take: text formatting
 * only, so content cannot lay itself over the page. The server's sanitiser and the web app's
 * rendering policy both keep exactly these (decision 039).
 */
export const AUTHORED_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(left|right|center|justify|start|end)$/i],
  color: COLOR,
  'background-color': COLOR,
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(normal|italic|oblique)$/i],
  'text-decoration': [/^(none|underline|line-through|overline)( (underline|line-through|overline))*$/i],
};
