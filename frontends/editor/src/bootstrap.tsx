import 'bootstrap/dist/css/bootstrap.min.css';
import { mountStandaloneApp } from '@vellum/ui/standalone';
import { editorStandalone } from './standalone/editorStandalone';

mountStandaloneApp(editorStandalone);
