import { useEffect, useState } from 'react';

const attending = () => document.visibilityState === 'visible' && document.hasFocus();

/** True while the page is shown and focused: someone can be reading it. */
export function usePageAttention(): boolean {
  const [attention, setAttention] = useState(attending);
  useEffect(() => {
    const update = () => setAttention(attending());
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
    };
  }, []);
  return attention;
}
