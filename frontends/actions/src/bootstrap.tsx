import 'bootstrap/dist/css/bootstrap.min.css';
import { mountStandaloneApp } from '@vellum/ui/standalone';
import { actionsStandalone } from './standalone/actionsStandalone';

mountStandaloneApp(actionsStandalone);
