import 'bootstrap/dist/css/bootstrap.min.css';
import { mountStandaloneApp } from '@vellum/ui/standalone';
import { messengerStandalone } from './standalone/messengerStandalone';

mountStandaloneApp(messengerStandalone);
