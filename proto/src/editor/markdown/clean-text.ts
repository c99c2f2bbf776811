import { markdownNotices, type Notices } from './notices';

// Every control character but tab, line feed and carriage return (what a vellum's text may hold).
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text without the control characters a document refuses; a notice when some were removed. */
export function cleanText(text: string, notices: Notices): string {
  const clean = text.replace(CONTROLS, '');
  if (clean !== text) notices.add(markdownNotices.controlCharacters);
  return clean;
}
