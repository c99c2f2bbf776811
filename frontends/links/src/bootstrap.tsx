import 'bootstrap/dist/css/bootstrap.min.css';
import { mountStandaloneApp } from '@vellum/ui/standalone';
import { linksStandalone } from './standalone/linksStandalone';

mountStandaloneApp(linksStandalone);
