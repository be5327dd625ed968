/** Accessibility checks shared by the specs (axe-core through @axe-core/playwright). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe-core violations on `page`, one readable line per element (up to 4 per
 * rule): rule id, impact, CSS target, the element's HTML (100 characters) and axe's messages.
 * An empty array means none. It checks the settled page: a list that is loading a newer page is
 * dimmed (`aria-busy`, opacity 0.6, CardGrid) and its colours then fail the contrast rule, so it
 * first waits until nothing is busy and no CSS transition runs (up to 10 s).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !document
        .getAnimations()
        .some((animation) => animation instanceof CSSTransition && animation.playState === 'running'),
    null,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.slice(0, 4).map((node) => {
        const detail = [...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ');
        return `${violation.id} (${violation.impact}) at ${node.target.join(' ')} ${node.html.slice(0, 100)}: ${detail}`;
      }),
    );
}
