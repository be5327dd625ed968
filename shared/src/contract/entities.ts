/**
 * The JSON of the users, shops, shop products, events and universities the API sends (docs/product.md §3;
 * docs/product.md §12, §15, §19). Pure `as const` data.
 */
import { PRODUCT_STATUSES } from '../constants';
import {
  dateTime,
  imagePath,
  moderationProperties,
  nullableString,
  price,
  verifiedStudentProperty,
} from './pieces';

/**
 * The signed-in user as the API sends it (docs/product.md §3 "User": user{firstName, lastName, photo,
 * university, role}; signup also collects email and whatsApp): the `user` of `POST /auth/login`,
 * `GET /users/me` and `PATCH /users/updateMe`.
 */
export const userJsonSchema = {
  type: 'object',
  required: [
    '_id',
    'firstName',
    'lastName',
    'email',
    'whatsApp',
    'photo',
    'university',
    'role',
    'verifiedStudent',
  ],
  properties: {
    _id: { type: 'string', description: 'UUID of the user' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    whatsApp: { type: 'string', description: '254 followed by 9 digits' },
    photo: { type: ['string', 'null'], description: 'URL path of the 400 px WebP profile photo, or null' },
    university: { type: 'string', description: 'A KE name of the university reference list' },
    role: { type: 'string', enum: ['user', 'admin'] },
    verifiedStudent: {
      type: 'boolean',
      description:
        "The e-mail is verified and on the university's web domain (or a subdomain) (docs/product.md §19)",
    },
  },
} as const;

/** A shop (docs/product.md §3: _id, name, description, coverImage, address, phone, owner). */
export const shopSchema = {
  type: 'object',
  required: [
    '_id',
    'name',
    'description',
    'coverImage',
    'coverThumbnail',
    'address',
    'phone',
    'owner',
    'moderation',
    'moderationReason',
  ],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    description: { type: 'string' },
    coverImage: imagePath,
    coverThumbnail: imagePath,
    address: { ...nullableString, description: "null: the page shows 'Location not specified'" },
    phone: nullableString,
    owner: {
      type: 'object',
      required: ['_id', 'firstName', 'lastName', 'photo', 'whatsApp', 'university', 'verifiedStudent'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        photo: nullableString,
        whatsApp: { type: 'string' },
        university: { type: 'string' },
        verifiedStudent: verifiedStudentProperty,
      },
    },
    ...moderationProperties,
  },
} as const;

/** A product as listed in its shop (docs/product.md §3 "Shop product"; docs/product.md §20.5: status). */
export const shopProductSchema = {
  type: 'object',
  required: ['_id', 'title', 'description', 'price', 'coverImage', 'coverThumbnail', 'status'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    description: { type: 'string' },
    price,
    coverImage: imagePath,
    coverThumbnail: imagePath,
    status: {
      type: 'string',
      enum: [...PRODUCT_STATUSES],
      description:
        "docs/product.md §20.5: 'reserved' ones are listed after 'available' ones; 'sold' ones are not listed",
    },
  },
} as const;

/** A campus event (docs/product.md §15). Times ISO 8601 UTC; price in KES or null. */
export const eventSchema = {
  type: 'object',
  required: [
    '_id',
    'title',
    'description',
    'startsAt',
    'endsAt',
    'venue',
    'university',
    'coverImage',
    'coverThumbnail',
    'price',
    'createdAt',
    'updatedAt',
    'organizer',
  ],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    description: { type: 'string' },
    startsAt: dateTime,
    endsAt: { ...dateTime, type: ['string', 'null'] },
    venue: { type: 'string' },
    university: nullableString,
    coverImage: imagePath,
    coverThumbnail: imagePath,
    price: { type: ['number', 'null'], description: 'KES, 2 decimals; null when free or not stated' },
    createdAt: dateTime,
    updatedAt: dateTime,
    organizer: {
      type: 'object',
      required: ['_id', 'firstName', 'whatsApp'],
      properties: { _id: { type: 'string' }, firstName: { type: 'string' }, whatsApp: { type: 'string' } },
    },
  },
} as const;

/** A university reference entry (docs/product.md §3 "University reference entry"): `{name, url}`. */
export const universitySchema = {
  type: 'object',
  required: ['name', 'url'],
  properties: { name: { type: 'string' }, url: { type: 'string' } },
} as const;
