import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { texts } from '../../texts';
import { checkLink } from '../urls';

export interface LinkMenuProps {
  editor: Editor;
  onClose(): void;
}

/**
 * The link menu (spec section 2): a URL box whose placeholder is this site's address; Enter applies, Escape
 * closes, an empty box removes the link. Only http, https and mailto links are accepted.
 */
export function LinkMenu({ editor, onClose }: LinkMenuProps) {
  const [value, setValue] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    const checked = checkLink(value);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({
          type: 'text',
          text: checked.url,
          marks: [{ type: 'link', attrs: { href: checked.url } }],
        })
        .run();
    } else {
      chain.setLink({ href: checked.url }).run();
    }
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    <form
      className="vellum-link-menu d-flex flex-wrap align-items-start gap-2 py-2"
      onSubmit={apply}
      noValidate
    >
      <div className="flex-grow-1">
        <input
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          type="text"
          inputMode="url"
          aria-label={texts.linkLabel}
          placeholder={window.location.origin}
          value={value}
          autoFocus
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        {error ? <div className="invalid-feedback">{error}</div> : null}
      </div>
      <button type="submit" className="btn btn-sm btn-info">
        {texts.apply}
      </button>
    </form>
  );
}
