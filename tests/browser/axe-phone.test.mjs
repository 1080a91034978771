// The accessibility audit (axe-run.mjs) on a 390x844 phone.
// Run: node --test tests/browser/axe-phone.test.mjs   (build the site first: scripts/build-site --test)
import { auditTests } from './axe-run.mjs';
import { VIEWPORTS } from './axe-audit.mjs';

auditTests(VIEWPORTS.filter((v) => v.isMobile));
