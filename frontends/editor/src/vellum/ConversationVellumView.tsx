import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent } from '@tiptap/react';
import { Avatar, Badge, Button, Container, paths, useForm, useTitle, type SignedCirrus } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import type { ConversationVellumResponse } from '../api/types';
import { parseVellumText, serializeDocument } from '../editor/document';
import { Toolbar } from '../editor/toolbar/Toolbar';
import { loadDocument, useVellumEditor } from '../editor/useVellumEditor';
import { texts } from '../texts';
import { ErrorAlert } from './ErrorAlert';
import { failureMessage } from './errors';
import { TitleField } from './TitleField';
import { useCtrlEnter } from './useCtrlEnter';

export interface ConversationVellumViewProps {
  conversation: string;
  username: string;
  answer: ConversationVellumResponse;
  me: SignedCirrus;
}

/** 'Back to Chat', the two participants' avatars, the private 'Conversation Vellum' badge and the editor. */
export function ConversationVellumView({ conversation, username, answer, me }: ConversationVellumViewProps) {
  const queryClient = useQueryClient();
  const editable = answer.authorizedToEdit && Boolean(answer.vellum);
  const form = useForm({
    initial: { title: answer.vellumTitle ?? answer.vellum?.title ?? '' },
    // The title is checked on Save (`save` below).
    ready: () => true,
    failure: (failure) => failureMessage(texts.saveFailed, failure),
    submit: async ({ title: typed }) => {
      if (!answer.vellum || !editor) return;
      await vellumApi.saveConversationVellum(answer.vellum.i, {
        title: typed.trim(),
        text: serializeDocument(editor.getJSON()),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversation(conversation, username) });
    },
  });
  const { title } = form.values;
  const setTitle = (value: string) => form.set('title', value);
  const { busy: saving, serverError: error, setServerError: setError } = form;
  const editor = useVellumEditor({
    editable,
    label: 'Conversation Vellum text',
    placeholder: texts.bodyPlaceholder,
    onReady: (instance) => void loadDocument(instance, parseVellumText(answer.vellum?.text).doc),
  });
  useTitle(texts.conversationVellum);

  const save = async () => {
    if (!editable || !answer.vellum || !editor || saving) return;
    if (!title.trim()) {
      setError(texts.titleRequired);
      return;
    }
    await form.onSubmit();
  };
  useCtrlEnter(editable, () => void save());

  const other = answer.otherParticipant;
  const participants = [
    { username: me.username, image: me.image ?? null },
    ...(other ? [{ username: other.username, image: other.image ?? null }] : []),
  ];

  return (
    <Container className="py-4 vellum-page" data-testid="conversation-vellum-page">
      <Link to={paths.chat(conversation)} className="small">
        ← {texts.backToChat}
      </Link>
      <div className="d-flex align-items-center gap-2 my-3">
        {participants.map((person) => (
          <Link
            key={person.username}
            to={paths.conversationVellum(conversation, person.username)}
            aria-current={person.username === username ? 'page' : undefined}
            className={`rounded-circle${person.username === username ? ' border border-2 border-info' : ''}`}
          >
            <Avatar username={person.username} image={person.image} size={36} />
          </Link>
        ))}
        <Badge bg="secondary" className="ms-2">
          {texts.conversationVellum} · {texts.private}
        </Badge>
      </div>
      <ErrorAlert message={error} onClose={() => setError(null)} />
      {editable ? (
        <TitleField value={title} onChange={setTitle} onDone={() => editor?.commands.focus('start')} />
      ) : (
        <h1 className="h2 vellum-title text-break">{title}</h1>
      )}
      {editable ? (
        <div className="d-flex align-items-center gap-2 my-2">
          <Button variant="info" size="sm" onClick={() => void save()} disabled={saving}>
            {texts.save}
          </Button>
          <small className="text-secondary">{texts.saveHint}</small>
        </div>
      ) : null}
      {editable && editor ? <Toolbar editor={editor} onError={setError} /> : null}
      <EditorContent editor={editor} className={`vellum-editor mt-2${editable ? ' is-editing' : ''}`} />
    </Container>
  );
}
