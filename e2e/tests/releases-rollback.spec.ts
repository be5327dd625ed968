/**
 * A failing canary rolls itself back (docs/decisions/0029-remote-releases.md, "Serving"): a catalog
 * release whose product list throws in the browser only (its Node build is the real one, so the
 * gate's server-side smoke render passes) goes to 50 % of visitors; a visitor in the canary's half
 * sees the error boundary on /products, and the browsers' error reports make the registry end the
 * canary by itself within the window (default: ≥ 20 errors, > 5 % of its page views in 5
 * minutes), with the reason in the audit log. Then the same visitor gets the working build.
 */
import { expect, test } from '../support/fixtures';
import { catalogRelease, releaseApi } from '../support/releases';
import { E2E_DEPLOY_TOKENS } from '../support/site';

const FAILED = 'This part of Campus Soko could not be loaded';

test('a canary whose product list throws in the browser is rolled back by itself, and the audit log says why', async ({
  page,
  context,
  request,
  site,
}) => {
  test.setTimeout(240_000);
  const api = releaseApi(request, E2E_DEPLOY_TOKENS.catalog);
  const body = await catalogRelease(site.staticRoot, (file, text) =>
    file.startsWith('__federation_expose_ProductsPage')
      ? text.replace(
          'searchLabel:"Search products"',
          'searchLabel:(()=>{throw new Error("canary product list failed")})()',
        )
      : text,
  );
  const release = await api.upload('catalog', body);
  expect(release.checks.find((check) => check.name === 'smoke-render')?.status).toBe('passed');
  await api.canary('catalog', release.version, 50);

  // Bucket 10 ≤ 50: this visitor is in the canary; its server render works, the browser's throws.
  // Each visit is a fresh tab (the fixture's page waits for a quiet network, which a failed part
  // does not need): the error boundary shows, and its report is on its way.
  await context.addCookies([{ name: 'soko_bucket', value: '10', url: site.baseURL }]);
  const canaryEnded = async () => (await api.state('catalog')).routing.canary === null;
  for (let visit = 0; visit < 25 && !(await canaryEnded()); visit += 1) {
    const visitor = await context.newPage();
    const response = await visitor.goto('/products');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Search products');
    expect(html).toContain(`"version":"${release.version}"`);
    await expect(visitor.getByText(FAILED)).toBeVisible();
    await visitor.close({ runBeforeUnload: false });
  }
  await expect.poll(canaryEnded, { timeout: 10_000 }).toBe(true);

  const { audit } = await api.state('catalog');
  const rollback = audit.find((row) => row.action === 'auto_rollback');
  expect(rollback?.version).toBe(release.version);
  expect(rollback?.reason).toMatch(/error rate .* is above 5\.0 %/);

  // The same visitor now gets the site's own build, which works.
  await page.goto('/products');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByText(FAILED)).toHaveCount(0);
});
