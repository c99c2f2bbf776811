// @vellum/ui/realtime: the page's socket and the new-message sound. Also exported by '@vellum/ui' (the shared
// singleton), never by '@vellum/ui/core': the welcome page does not carry it.
export { realtime, createRealtime, type Realtime, type RealtimeStatus } from './realtime';
export { playMessageSound, isMessageSoundMuted, setMessageSoundMuted } from './messageSound';
