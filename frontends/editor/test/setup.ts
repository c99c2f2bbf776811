// jsdom has no layout: ProseMirror measures ranges and elements when it scrolls the selection into view, and
// the sticky toolbar and lists observe sizes. These give it zero-sized answers.
const zeroRect = () => ({
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  bottom: 0,
  right: 0,
  width: 0,
  height: 0,
  toJSON: () => undefined,
});
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;

Range.prototype.getBoundingClientRect = zeroRect as unknown as () => DOMRect;
Range.prototype.getClientRects = emptyRects;
Element.prototype.getClientRects = emptyRects;
if (!document.elementFromPoint) document.elementFromPoint = () => null;
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => undefined;
