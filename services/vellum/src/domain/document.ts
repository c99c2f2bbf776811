import { documentPlainText, type VellumDocument } from '@vellum/proto';

/** What is stored of a validated document: its JSON text and its words; '' for an empty vellum. */
export const storedBody = (doc: VellumDocument | null) =>
  doc ? { json: JSON.stringify(doc), text: documentPlainText(doc) } : { json: '', text: '' };
