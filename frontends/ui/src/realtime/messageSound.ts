// The short sound of a new message (spec section 4), a WebAudio beep: no audio file to download. Browsers only
// play sound after the person has interacted with the page; before that it stays silent. The messenger's mute
// toggle is remembered in this browser.

const MUTED_KEY = 'vellum.messenger.muted';
let context: AudioContext | null = null;

export function isMessageSoundMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function setMessageSoundMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(MUTED_KEY, '1');
    else localStorage.removeItem(MUTED_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/** Plays the beep unless muted, unsupported or before any interaction; returns whether it played. */
export function playMessageSound(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  if (isMessageSoundMuted() || activation?.hasBeenActive === false) return false;
  const Context = globalThis.AudioContext;
  if (typeof Context !== 'function') return false;
  try {
    context ??= new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.2);
    return true;
  } catch (error) {
    console.warn('Could not play the message sound', error);
    return false;
  }
}
