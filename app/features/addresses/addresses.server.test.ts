/**
 * Addresses that are real (issue 32 item 1): the address schema, the PIN code refusals (one
 * India Post does not list, one in another state; a wrong district corrected), the checkout
 * refusing them and keeping line 2, landmark and district on the order, and the address book's
 * commands, each touching its owner's addresses only.
 */
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '~/features/cart/cart.server';
import { createPaymentProvider } from '~/lib/payments/payments.server';
import { Refusal } from '~/lib/refusal';
import { orders } from '~/lib/schema.server';
import * as addressesRoute from '~/routes/account.addresses';
import * as checkoutRoute from '~/routes/checkout';
import { SAMPLE_CHECKOUT_DETAILS } from '../../../tests/support/checkout-details';
import {
  createTestApp,
  formPost,
  insertSampleProduct,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { checkIndianAddress } from './address-rules.server';
import {
  addAddress,
  deleteAddress,
  deleteAddressesOf,
  listAddresses,
  makeDefaultAddress,
  MAX_SAVED_ADDRESSES,
  updateAddress,
} from './addresses-commands.server';
import { addressLines } from './indian-address';
import { indianAddressSchema } from './indian-address-schema';

const HOME = {
  label: 'Home',
  address: '12 Market Road',
  addressLine2: 'Second floor',
  landmark: 'Jubilee Garden',
  pincode: '360001',
  city: 'Rajkot',
  district: '',
  state: 'Gujarat' as const,
};

describe('the Indian address schema and its PIN code rules', () => {
  it('takes line 1, optional line 2 and landmark, a six-digit PIN code, city and state', () => {
    const parsed = indianAddressSchema.safeParse({ ...HOME, pincode: ' 360001 ' });
    expect(parsed.success && parsed.data.pincode).toBe('360001');
    const bad = indianAddressSchema.safeParse({
      ...HOME,
      address: ' ',
      pincode: '0123',
      state: 'Gujrat',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter your address',
      'Please enter a 6-digit PIN code',
      'Please choose your state',
    ]);
  });

  it('refuses a PIN code India Post does not list, or one in another state', () => {
    expect(checkIndianAddress({ ...HOME, pincode: '999999' })).toEqual({
      ok: false,
      errors: { pincode: 'We could not find PIN code 999999. Please check it.' },
    });
    expect(checkIndianAddress({ ...HOME, pincode: '110001' })).toEqual({
      ok: false,
      errors: { pincode: 'PIN code 110001 is in Delhi, not Gujarat' },
    });
  });

  it('fills or corrects the district from the PIN code, and prints the whole address', () => {
    const checked = checkIndianAddress({ ...HOME, district: 'Surat' });
    expect(checked.ok && checked.address.district).toBe('Rajkot');
    const mumbai = checkIndianAddress({
      ...HOME,
      pincode: '400001',
      state: 'Maharashtra',
      city: 'Mumbai',
      district: 'mumbai',
    });
    expect(mumbai.ok && mumbai.address.district).toBe('Mumbai');
    expect(addressLines({ ...HOME, district: 'Rajkot' })).toEqual([
      '12 Market Road',
      'Second floor',
      'Near Jubilee Garden',
      'Rajkot, Gujarat 360001',
    ]);
  });
});

let app: TestApp;
let productId: number;

beforeAll(async () => {
  app = await createTestApp();
  productId = await insertSampleProduct(app.database.db, 150_000);
});

afterAll(async () => {
  await app?.dispose();
});

describe(`addresses at checkout and in the address book on ${testDatabaseKind}`, () => {
  it('refuses 110001 with Gujarat, and keeps the full address on the order and in the book', async () => {
    const { cookie, userId } = await app.signedIn('user');
    await addToCart(app.database.db, userId, { productId, size: '', color: '', quantity: 1 });
    const context = {
      ...app.context,
      payments: createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'address-secret' }),
    } as unknown as AppLoadContext;
    const checkout = async (fields: Record<string, string>) => {
      const response = (await checkoutRoute.action({
        request: formPost('/checkout', { ...SAMPLE_CHECKOUT_DETAILS, ...fields }, cookie),
        context,
        params: {},
      } as never)) as Response;
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const delhi = await checkout({ pincode: '110001', state: 'Gujarat' });
    expect(delhi).toEqual({
      status: 400,
      body: { ok: false, errors: { pincode: 'PIN code 110001 is in Delhi, not Gujarat' } },
    });
    const placed = await checkout({
      addressLine2: 'Second floor',
      landmark: 'Jubilee Garden',
      district: 'Ahmedabad',
      saveAddress: 'on',
    });
    expect(placed.status).toBe(200);
    const [order] = await app.database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(order).toMatchObject({
      address: '12 Market Road',
      addressLine2: 'Second floor',
      landmark: 'Jubilee Garden',
      district: 'Rajkot',
      pincode: '360001',
    });
    expect(await listAddresses(app.database.db, userId)).toMatchObject([
      { label: 'Home', landmark: 'Jubilee Garden', district: 'Rajkot', isDefault: true },
    ]);
  });

  it('lets only the owner change an address; another account’s id is not found', async () => {
    const db = app.database.db;
    const { userId: owner } = await app.signedIn('user');
    const { userId: other, cookie: otherCookie } = await app.signedIn('user');
    const home = await addAddress(db, owner, HOME);
    const office = await addAddress(db, owner, {
      ...HOME,
      label: 'Office',
      address: '4 Yagnik Road',
    });
    const notFound = expect.objectContaining({ code: 'not-found' });
    await expect(updateAddress(db, other, home, { ...HOME, label: 'Mine' })).rejects.toEqual(
      notFound,
    );
    await expect(deleteAddress(db, other, home)).rejects.toEqual(notFound);
    await expect(makeDefaultAddress(db, other, office)).rejects.toEqual(notFound);
    const answer = (await addressesRoute.action({
      request: formPost(
        '/account/addresses',
        { intent: 'delete-address', id: String(home) },
        otherCookie,
      ),
      context: app.context,
      params: {},
    } as never)) as { init: { status: number } };
    expect(answer.init.status).toBe(404);
    await expect(
      addressesRoute.loader({
        request: new Request(`http://localhost/account/addresses?edit=${home}`, {
          headers: { cookie: otherCookie },
        }),
        context: app.context,
        params: {},
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });

    await makeDefaultAddress(db, owner, office);
    await updateAddress(db, owner, home, { ...HOME, label: 'Parents', district: 'Surat' });
    expect(await listAddresses(db, owner)).toMatchObject([
      { id: office, isDefault: true },
      { id: home, label: 'Parents', district: 'Rajkot', isDefault: false },
    ]);
    await expect(updateAddress(db, owner, home, { ...HOME, pincode: '110001' })).rejects.toEqual(
      new Refusal('invalid', 'PIN code 110001 is in Delhi, not Gujarat', 'pincode'),
    );
    await deleteAddress(db, owner, office);
    expect(await listAddresses(db, owner)).toMatchObject([{ id: home, isDefault: true }]);
    await deleteAddressesOf(db, owner);
    expect(await listAddresses(db, owner)).toEqual([]);
    expect(await listAddresses(db, other)).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses an account`, async () => {
    const db = app.database.db;
    const { userId } = await app.signedIn('user');
    for (let index = 0; index < MAX_SAVED_ADDRESSES; index += 1) {
      await addAddress(db, userId, { ...HOME, label: `Place ${index}` });
    }
    await expect(addAddress(db, userId, HOME)).rejects.toMatchObject({ code: 'conflict' });
    expect(await listAddresses(db, userId)).toHaveLength(MAX_SAVED_ADDRESSES);
  });
});
