// The accessibility audit (axe-run.mjs) at 1280x720.
// Run: node --test tests/browser/axe-desktop.test.mjs   (build the site first: scripts/build-site --test)
import { auditTests } from './axe-run.mjs';
import { VIEWPORTS } from './axe-audit.mjs';

auditTests(VIEWPORTS.filter((v) => !v.isMobile));
