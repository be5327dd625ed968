/**
 * A held or hidden listing (docs/decisions/0031): its owner cannot edit it (409, under review,
 * appeal), and deleting it is a soft delete: the row stays marked deleted, gone from the public
 * lists, the detail, the owner's own list and the dashboard counts, and the moderation desk still
 * shows it with its title and owner. A visible listing is still deleted for good. A held or hidden
 * shop can be neither edited nor deleted by its owner; an admin may delete it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { insertProduct, insertService, insertShop } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { account } from './selling-helpers.ts';

forEachEngine('held and hidden listings', (ctx) => {
  it('the owner cannot edit a held product or a hidden service: 409 saying it is under review', async () => {
    const owner = await account(ctx.app);
    const product = await insertProduct(ctx.app.db, {
      seller_id: owner.user.id,
      title: 'Held calculator',
      moderation: 'held',
    });
    const service = await insertService(ctx.app.db, {
      provider_id: owner.user.id,
      name: 'Hidden tutoring',
      moderation: 'hidden',
      moderation_reason: 'Looks like a scam',
    });
    for (const url of [`/api/v1/products/${product.id}`, `/api/v1/services/${service.id}`]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url,
        headers: owner.auth,
        payload: { price: 1 },
      });
      assert.equal(response.statusCode, 409, response.body);
      assert.match(json(response).message, /under review/);
      assert.match(json(response).message, /appeal/);
    }
    const row = await ctx.app.db
      .selectFrom('products')
      .select(['price', 'title'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.price), 100);
  });

  it('deleting a held product keeps its row for the desk (title, owner) and drops it from every list', async () => {
    const owner = await account(ctx.app, { first_name: 'Achieng', last_name: 'Odhiambo' });
    const reporter = await account(ctx.app);
    const admin = await account(ctx.app, { role: 'admin' });
    const product = await insertProduct(ctx.app.db, {
      seller_id: owner.user.id,
      title: 'Reported phone',
      moderation: 'held',
    });
    await ctx.app.db
      .insertInto('reports')
      .values({
        reporter_id: reporter.user.id,
        target_type: 'product',
        target_id: product.id,
        reason: 'scam',
        details: null,
      })
      .execute();

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product.id}`,
      headers: owner.auth,
    });
    assert.equal(removed.statusCode, 204, removed.body);

    const row = await ctx.app.db
      .selectFrom('products')
      .select(['deleted_at', 'moderation'])
      .where('id', '=', product.id)
      .executeTakeFirst();
    assert.ok(row?.deleted_at, 'the row stays, marked deleted');
    assert.equal(row.moderation, 'held');

    const mine = await ctx.app.inject({ url: '/api/v1/products/mine', headers: owner.auth });
    assert.equal(mine.statusCode, 200);
    assert.deepEqual(
      json(mine).data.products.map((p: { _id: string }) => p._id),
      [],
    );
    const detail = await ctx.app.inject(`/api/v1/products/${product.id}`);
    assert.equal(detail.statusCode, 404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product.id}`,
      headers: owner.auth,
    });
    assert.equal(again.statusCode, 404);
    const summary = await ctx.app.inject({ url: '/api/v1/dashboard/summary', headers: owner.auth });
    assert.equal(summary.statusCode, 200, summary.body);
    assert.equal(json(summary).data.summary.products, 0, summary.body);

    // A moderator's restore does not bring a deleted listing back to the public.
    await ctx.app.db
      .updateTable('products')
      .set({ moderation: 'visible' })
      .where('id', '=', product.id)
      .execute();
    const list = await ctx.app.inject('/api/v1/products');
    assert.ok(!json(list).data.products.some((p: { _id: string }) => p._id === product.id));
    await ctx.app.db
      .updateTable('products')
      .set({ moderation: 'held' })
      .where('id', '=', product.id)
      .execute();

    const desk = await ctx.app.inject({ url: '/api/v1/admin/reports?status=open', headers: admin.auth });
    assert.equal(desk.statusCode, 200, desk.body);
    const group = json(desk).data.groups.find((g: { targetId: string }) => g.targetId === product.id);
    assert.ok(group, desk.body);
    assert.equal(group.title, 'Reported phone');
    assert.equal(group.owner?.name, 'Achieng Odhiambo');
    assert.equal(group.owner?._id, owner.user.id);
  });

  it('deleting a visible product still removes the row', async () => {
    const owner = await account(ctx.app);
    const product = await insertProduct(ctx.app.db, { seller_id: owner.user.id });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product.id}`,
      headers: owner.auth,
    });
    assert.equal(removed.statusCode, 204);
    const rows = await ctx.app.db.selectFrom('products').select('id').where('id', '=', product.id).execute();
    assert.equal(rows.length, 0);
  });

  it('a held or hidden shop can be neither edited nor deleted by its owner (409); an admin may delete it', async () => {
    const owner = await account(ctx.app);
    const admin = await account(ctx.app, { role: 'admin' });
    const held = await insertShop(ctx.app.db, {
      owner_id: owner.user.id,
      name: 'Held shop',
      moderation: 'held',
    });
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/shops/${held.id}`,
      headers: owner.auth,
      payload: { name: 'Renamed shop' },
    });
    assert.equal(edit.statusCode, 409, edit.body);
    assert.match(json(edit).message, /under review/);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${held.id}`,
      headers: owner.auth,
    });
    assert.equal(remove.statusCode, 409, remove.body);
    const row = await ctx.app.db
      .selectFrom('shops')
      .select(['name', 'moderation'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { name: 'Held shop', moderation: 'held' });
    const byAdmin = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${held.id}`,
      headers: admin.auth,
    });
    assert.equal(byAdmin.statusCode, 204, byAdmin.body);

    // A visible shop is edited as before.
    const other = await account(ctx.app);
    const visible = await insertShop(ctx.app.db, { owner_id: other.user.id, name: 'Open shop' });
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/shops/${visible.id}`,
      headers: other.auth,
      payload: { name: 'Open shop renamed' },
    });
    assert.equal(rename.statusCode, 200, rename.body);
  });
});
