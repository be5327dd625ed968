/**
 * Search that finds what students mean (docs/product.md §31), through the composed site:
 * - "laptop" finds a listing titled "HP EliteBook 840" that never says laptop (a synonym group of
 *   the migration's data);
 * - a textbook listed with a course code typed as `zqx 4821` is found by `?course=ZQX4821` in
 *   another spelling, and its card and item page show the code.
 * Listings are made through the API by a verified account; a unique word keeps them apart from
 * the demo data and the other tests.
 */
import type { APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, type Session } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { uniqueWord } from '../support/unique-word';
import { SMALL_PNG as PNG } from '../support/uploads';

/** Lists a product as `session` through `POST /products` (multipart); returns its id. */
async function listProduct(
  request: APIRequestContext,
  session: Session,
  fields: Record<string, string>,
): Promise<string> {
  const response = await request.post('/api/v1/products', {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: {
      price: '1800',
      coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { product: { _id: string } } }).data.product._id;
}

test('"laptop" finds an EliteBook; a textbook is found by ?course= and shows its code', async ({
  page,
  request,
}) => {
  const word = uniqueWord();
  const { session } = await createVerifiedAccount(request, 'words');
  await listProduct(request, session, {
    title: 'HP EliteBook 840',
    description: `Core i5, 8 GB RAM, charger included ${word}`,
    category: 'Electronics',
  });
  // A course code nobody else uses: three letters, four digits.
  const digits = String(1000 + Math.floor(Math.random() * 9000));
  const code = `ZQX${digits}`;
  const textbookId = await listProduct(request, session, {
    title: 'Organic chemistry notes',
    description: `Complete notes for the semester ${word}`,
    category: 'Textbooks and Study Materials',
    courseCodes: `zqx ${digits}`,
  });

  const products = page.getByRole('region', { name: 'Products' });
  await page.goto(`/products?search=${encodeURIComponent(`laptop ${word}`)}`);
  await expect(products.getByRole('article')).toHaveCount(1);
  await expect(products.getByRole('link', { name: 'HP EliteBook 840', exact: true })).toBeVisible();

  // Another spelling of the code than the one listed.
  await page.goto(`/products?course=${code.toLowerCase().replace(/\d/, '-$&')}`);
  await expect(products.getByRole('article')).toHaveCount(1);
  const card = products.getByRole('article');
  await expect(card).toContainText(`ZQX ${digits}`);
  await expect(page.getByLabel(`Remove Course ZQX ${digits}`)).toBeVisible();
  await card.getByRole('link', { name: 'Organic chemistry notes', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${textbookId}$`));
  await expect(page.getByText('Course codes')).toBeVisible();
  await expect(page.getByText(`ZQX ${digits}`)).toBeVisible();
});
