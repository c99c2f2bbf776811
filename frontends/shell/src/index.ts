// The asynchronous boundary Module Federation needs: shared singletons are negotiated before the app's code runs.
import('./bootstrap');
