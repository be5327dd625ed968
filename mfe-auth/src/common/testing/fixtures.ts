/** Test fixtures of the auth pages: universities and a user in the API's JSON shape (docs/product.md §3). */
/** The universities the fake API serves (a few real KE names). */
export const TEST_UNIVERSITIES = [
  { name: 'Jomo Kenyatta University of Agriculture and Technology', url: 'https://www.jkuat.ac.ke' },
  { name: 'Kenyatta University', url: 'https://www.ku.ac.ke' },
  { name: 'Moi University', url: 'https://www.mu.ac.ke' },
  { name: 'Strathmore University', url: 'https://strathmore.edu' },
  { name: 'University of Nairobi', url: 'https://www.uonbi.ac.ke' },
];

/** A user as the API sends it. */
export const TEST_USER = {
  _id: '5d1c6f1e-1111-4a6b-9c1d-000000000001',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: 'wanjiru@students.uonbi.ac.ke',
  whatsApp: '254712345678',
  photo: null,
  university: 'University of Nairobi',
  role: 'user',
};
