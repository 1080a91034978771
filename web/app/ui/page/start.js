// The game page's entry (index.html): the page (main.js).
import { startPage } from './main.js';

startPage();
