import { memo, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { HEADING_LEVELS } from '@vellum/proto/editor';
import { texts } from '../../texts';
import { checkImage } from '../urls';
import { BasicTools } from './SmallToolbar';
import { CodeLanguageSelect } from './CodeLanguageSelect';
import { LinkMenu } from './LinkMenu';
import { StickyBar } from './StickyBar';
import { TableMenu } from './TableMenu';
import { ToolbarButton } from './ToolbarButton';
import { VideoModal } from './VideoModal';

export interface ToolbarProps {
  editor: Editor;
  /** Where a refused image address is reported (the page's error alert). */
  onError(message: string): void;
}

/**
 * The vellum page's full toolbar (spec section 2), sticky below the top bar once scrolled past. It renders when
 * what it shows changes (the selectors below, after each transaction), not with every render of the page.
 */
export const Toolbar = memo(function Toolbar({ editor, onError }: ToolbarProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      taskList: e.isActive('taskList'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      heading: HEADING_LEVELS.map((level) => e.isActive('heading', { level })),
    }),
    equalityFn: (a, b) =>
      b !== null &&
      a.taskList === b.taskList &&
      a.code === b.code &&
      a.codeBlock === b.codeBlock &&
      a.blockquote === b.blockquote &&
      a.link === b.link &&
      a.heading.every((active, index) => active === b.heading[index]),
  });
  const chain = () => editor.chain().focus();

  const insertImage = () => {
    const answer = window.prompt(texts.imagePrompt);
    if (answer === null || !answer.trim()) return;
    const checked = checkImage(answer);
    if (!checked.ok) {
      onError(checked.message);
      return;
    }
    // With an empty paragraph after it, so that writing goes on below the image.
    chain()
      .insertContent([{ type: 'image', attrs: { src: checked.url } }, { type: 'paragraph' }])
      .run();
  };

  return (
    <>
      <StickyBar label="Formatting">
        <BasicTools editor={editor} />
        <div className="btn-group" role="group" aria-label="Blocks">
          <ToolbarButton
            label="Todo list"
            active={state.taskList}
            onClick={() => chain().toggleTaskList().run()}
          >
            ☑
          </ToolbarButton>
          <ToolbarButton label="Inline code" active={state.code} onClick={() => chain().toggleCode().run()}>
            {'</>'}
          </ToolbarButton>
          <ToolbarButton
            label="Code block"
            active={state.codeBlock}
            onClick={() => chain().toggleCodeBlock().run()}
          >
            {'{ }'}
          </ToolbarButton>
          {HEADING_LEVELS.map((level, index) => (
            <ToolbarButton
              key={level}
              label={`Heading ${level}`}
              active={state.heading[index]}
              onClick={() => chain().toggleHeading({ level }).run()}
            >
              H{level}
            </ToolbarButton>
          ))}
          <ToolbarButton
            label="Blockquote"
            active={state.blockquote}
            onClick={() => chain().toggleBlockquote().run()}
          >
            ❝
          </ToolbarButton>
        </div>
        <TableMenu editor={editor} />
        <div className="btn-group" role="group" aria-label="Insert">
          <ToolbarButton label="Image" onClick={insertImage}>
            Image
          </ToolbarButton>
          <ToolbarButton label="Video" onClick={() => setVideoOpen(true)}>
            Video
          </ToolbarButton>
          <ToolbarButton
            label="Link"
            active={state.link || linkOpen}
            onClick={() => setLinkOpen((open) => !open)}
          >
            Link
          </ToolbarButton>
        </div>
        <CodeLanguageSelect editor={editor} />
        {linkOpen ? (
          <div className="w-100">
            <LinkMenu editor={editor} onClose={() => setLinkOpen(false)} />
          </div>
        ) : null}
      </StickyBar>
      <VideoModal editor={editor} show={videoOpen} onClose={() => setVideoOpen(false)} />
    </>
  );
});
