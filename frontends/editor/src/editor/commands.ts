// The editor reaches the schema's extensions through @vellum/proto, whose declarations the type checker reads in
// their CommonJS flavour; these type-only imports load the command augmentations (toggleBold, insertTable...)
// of @tiptap/core as this bundle sees it. Nothing is imported at run time.
import type {} from '@tiptap/extension-blockquote';
import type {} from '@tiptap/extension-bold';
import type {} from '@tiptap/extension-code';
import type {} from '@tiptap/extension-code-block';
import type {} from '@tiptap/extension-heading';
import type {} from '@tiptap/extension-image';
import type {} from '@tiptap/extension-italic';
import type {} from '@tiptap/extension-link';
import type {} from '@tiptap/extension-list';
import type {} from '@tiptap/extension-table';
import type {} from '@tiptap/extension-underline';
import type {} from '@tiptap/extension-youtube';
