// The asynchronous boundary Module Federation needs: shared modules are negotiated before the app's code runs.
// This entry is the standalone app (`npm run dev -w @vellum/messenger`); the shell loads the exposed modules instead.
import('./bootstrap');
