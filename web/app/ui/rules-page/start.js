// The rules page's entry (rules.html): the page (page.js).
import { startRulesPage } from './page.js';

startRulesPage();
