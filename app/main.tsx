import { drawApp, takeOver } from './ssr/takeOver';
import { DRAWN_STATE_ID, type DrawnState } from './ssr/drawnState';
import './theme.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// a stored project's wizard page the server drew (server/ssr.ts) is taken over; any other page is drawn here
const drawn = document.getElementById(DRAWN_STATE_ID)?.textContent;
if (drawn) void takeOver(root, JSON.parse(drawn) as DrawnState);
else drawApp(root);
