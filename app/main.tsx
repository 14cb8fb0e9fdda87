import { drawApp } from './App';
import { DRAWN_STATE_ID, type DrawnState } from './ssr/drawnState';
import './theme.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A stored project's wizard page the server drew (server/ssr.ts) is taken over, by code of its own (the
// engine and the wizard's state, which the app's other pages load only when they need them); any other
// page is drawn here.
const drawn = document.getElementById(DRAWN_STATE_ID)?.textContent;
if (drawn)
  void import('./ssr/takeOver').then(({ takeOver }) => takeOver(root, JSON.parse(drawn) as DrawnState));
else drawApp(root);
