import { useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { Button, Form, Modal } from '@vellum/ui';
import { texts } from '../../texts';
import { checkVideo } from '../urls';

export interface VideoModalProps {
  editor: Editor;
  show: boolean;
  onClose(): void;
}

/** The video embed modal: a video link whose identifier is 11 characters (spec sections 5 and 9). */
export function VideoModal({ editor, show, onClose }: VideoModalProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };

  const embed = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkVideo(value);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    editor
      .chain()
      .focus()
      .insertContent([{ type: 'youtube', attrs: { src: checked.url } }, { type: 'paragraph' }])
      .run();
    close();
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="vellum-video-title">
      <Form onSubmit={embed} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="vellum-video-title">
            {texts.videoModalTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="vellum-video-link">
            <Form.Label>{texts.videoLinkLabel}</Form.Label>
            <Form.Control
              type="text"
              inputMode="url"
              value={value}
              autoFocus
              isInvalid={Boolean(error)}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            <Form.Text>{texts.videoHelp}</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="light" onClick={close}>
            {texts.cancel}
          </Button>
          <Button variant="info" type="submit">
            {texts.embed}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
