/**
 * Demo content for the seed script: sellers (users), shops, products and services that look like
 * real listings on Kenyan campuses. Pure data, no I/O.
 *
 * Invariants (checked by test/demo-data.test.ts): every product and service category is used
 * (products at least 4 times each), prices are KES with at most 2 decimals, WhatsApp and shop
 * numbers are 254 + 9 digits and fake (2547000000xx, 2541100000xx; shops 2547000001xx, 2541100001xx), e-mails are on
 * example domains and unique, every sellerKey / ownerKey / providerKey names a seller.
 * Products of a seller who owns a shop are attached to that shop by the seed.
 */
import type { ProductCategory, ServiceCategory } from '@campus/shared/constants';

/** A demo user who sells products and/or services. */
export interface DemoSeller {
  /** Stable identifier used by shops, products and services to refer to this seller. */
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  /** 254 + 9 digits. */
  whatsApp: string;
  /** A real Kenyan university name, as in the signup picker. */
  university: string;
  role?: 'user' | 'admin';
}

/** A demo shop, owned by one seller. */
export interface DemoShop {
  key: string;
  ownerKey: string;
  name: string;
  description: string;
  /** Campus and area. */
  address: string;
  /** 254 + 9 digits. */
  phone: string;
  /** Hue (0-360) of the generated cover; null = the shop has no cover image. */
  coverHue: number | null;
}

export interface DemoProduct {
  title: string;
  description: string;
  /** KES, at most 2 decimals. */
  price: number;
  category: ProductCategory;
  sellerKey: string;
  hasCover: boolean;
  /** How many days before the seed the listing was created. */
  daysAgo: number;
  status?: 'available' | 'sold';
}

export interface DemoService {
  name: string;
  description: string;
  /** KES, at most 2 decimals. */
  price: number;
  category: ServiceCategory;
  providerKey: string;
  hasCover: boolean;
  /** How many days before the seed the listing was created. */
  daysAgo: number;
}

const UON = 'University of Nairobi';
const KU = 'Kenyatta University';
const JKUAT = 'Jomo Kenyatta University of Agriculture and Technology';
const MOI = 'Moi University';
const STRATHMORE = 'Strathmore University';
const EGERTON = 'Egerton University';
const MASENO = 'Maseno University';
const TUK = 'Technical University of Kenya';
const DEKUT = 'Dedan Kimathi University of Technology';
const USIU = 'United States International University - Africa';

export const DEMO_SELLERS: readonly DemoSeller[] = [
  {
    key: 'wanjiru',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: 'wanjiru.kamau@students.example.ac.ke',
    whatsApp: '254700000001',
    university: UON,
  },
  {
    key: 'otieno',
    firstName: 'Brian',
    lastName: 'Otieno',
    email: 'brian.otieno@students.example.ac.ke',
    whatsApp: '254700000002',
    university: KU,
  },
  {
    key: 'njeri',
    firstName: 'Faith',
    lastName: 'Njeri',
    email: 'faith.njeri@students.example.ac.ke',
    whatsApp: '254700000003',
    university: JKUAT,
  },
  {
    key: 'achieng',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
    email: 'achieng.odhiambo@example.com',
    whatsApp: '254110000004',
    university: MASENO,
  },
  {
    key: 'kiprop',
    firstName: 'Kevin',
    lastName: 'Kiprop',
    email: 'kevin.kiprop@students.example.ac.ke',
    whatsApp: '254700000005',
    university: EGERTON,
  },
  {
    key: 'mwangi',
    firstName: 'Dennis',
    lastName: 'Mwangi',
    email: 'dennis.mwangi@example.com',
    whatsApp: '254110000006',
    university: STRATHMORE,
  },
  {
    key: 'chebet',
    firstName: 'Mercy',
    lastName: 'Chebet',
    email: 'mercy.chebet@students.example.ac.ke',
    whatsApp: '254700000007',
    university: MOI,
  },
  {
    key: 'mutua',
    firstName: 'Peter',
    lastName: 'Mutua',
    email: 'peter.mutua@students.example.ac.ke',
    whatsApp: '254700000008',
    university: TUK,
  },
  {
    key: 'wambui',
    firstName: 'Grace',
    lastName: 'Wambui',
    email: 'grace.wambui@students.example.ac.ke',
    whatsApp: '254110000009',
    university: DEKUT,
  },
  {
    key: 'omondi',
    firstName: 'Collins',
    lastName: 'Omondi',
    email: 'collins.omondi@example.com',
    whatsApp: '254700000010',
    university: USIU,
  },
  {
    key: 'nyambura',
    firstName: 'Sharon',
    lastName: 'Nyambura',
    email: 'sharon.nyambura@students.example.ac.ke',
    whatsApp: '254110000011',
    university: KU,
  },
  {
    key: 'kiplagat',
    firstName: 'Eric',
    lastName: 'Kiplagat',
    email: 'eric.kiplagat@students.example.ac.ke',
    whatsApp: '254700000012',
    university: MOI,
  },
  {
    key: 'atieno',
    firstName: 'Beryl',
    lastName: 'Atieno',
    email: 'beryl.atieno@students.example.ac.ke',
    whatsApp: '254700000013',
    university: UON,
  },
  {
    key: 'karanja',
    firstName: 'Joseph',
    lastName: 'Karanja',
    email: 'joseph.karanja@example.org',
    whatsApp: '254700000014',
    university: JKUAT,
    role: 'admin',
  },
  {
    key: 'akinyi',
    firstName: 'Diana',
    lastName: 'Akinyi',
    email: 'diana.akinyi@example.com',
    whatsApp: '254110000015',
    university: STRATHMORE,
  },
  {
    key: 'abdi',
    firstName: 'Abdi',
    lastName: 'Mohamed',
    email: 'abdi.mohamed@students.example.ac.ke',
    whatsApp: '254700000016',
    university: TUK,
  },
];

export const DEMO_SHOPS: readonly DemoShop[] = [
  {
    key: 'kahawa-gadgets',
    ownerKey: 'otieno',
    name: 'Kahawa Gadget Point',
    description:
      'Phone accessories kiosk for comrades: original chargers, power banks, earphones, flash disks, phone covers and screen protectors. We also fix phones and laptops. Delivery to any hostel within KU main campus.',
    address: 'Gate B, Kenyatta University, Kahawa',
    phone: '254700000102',
    coverHue: 205,
  },
  {
    key: 'chiromo-books',
    ownerKey: 'wanjiru',
    name: 'Chiromo Second-Hand Books',
    description:
      'Second-hand textbooks and revision material at student prices. Sell us your old books at the end of the semester, buy the next unit’s books cheap.',
    address: 'Opposite Chiromo Campus gate, Riverside Drive, Nairobi',
    phone: '254700000101',
    coverHue: null,
  },
  {
    key: 'juja-dorm',
    ownerKey: 'njeri',
    name: 'Juja Dorm Essentials',
    description:
      'Everything for your room in Juja: mattresses, duvets, mosquito nets, extension cables, sufurias and kettles. Free delivery to Gachororo and Highpoint on orders above Kes 2,000.',
    address: 'Gate C, Jomo Kenyatta University of Agriculture and Technology, Juja',
    phone: '254700000103',
    coverHue: 150,
  },
  {
    key: 'mtumba-fits',
    ownerKey: 'achieng',
    name: 'Mtumba Fits by Achieng',
    description:
      'Thrift clothes, handpicked from Kisumu bales every week. Jackets, jeans, kitenge and sneakers, all washed and ironed. Fitting allowed at the stall.',
    address: 'Next to the Siriba campus main gate, Maseno University, Maseno',
    phone: '254110000104',
    coverHue: 330,
  },
  {
    key: 'njoro-fitness',
    ownerKey: 'kiprop',
    name: 'Njoro Bikes & Fitness',
    description: 'Bicycles, spares and gym equipment. We service bikes too.',
    address: 'Main gate stage, Egerton University, Njoro',
    phone: '254700000105',
    coverHue: null,
  },
  {
    key: 'madaraka-gaming',
    ownerKey: 'mwangi',
    name: 'Madaraka Game Zone',
    description:
      'Consoles, games and controllers, new and ex-UK. Trade in your old PS4 games and pay the difference. Tested in front of you before you pay.',
    address: 'Ole Sangale Road, opposite Strathmore University, Madaraka',
    phone: '254110000106',
    coverHue: 265,
  },
];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Textbooks and Study Materials
  {
    title: 'Engineering Mathematics by K.A. Stroud, 7th ed.',
    description:
      'Clean copy, no highlighting, a few pencil notes in the differentiation chapters. The book every first-year engineering student needs for SMA 101 and 102.',
    price: 1200,
    category: 'Textbooks and Study Materials',
    sellerKey: 'wanjiru',
    hasCover: true,
    daysAgo: 2,
  },
  {
    title: 'Campbell Biology, 11th Edition',
    description: 'Hardcover, good condition.',
    price: 2500,
    category: 'Textbooks and Study Materials',
    sellerKey: 'wanjiru',
    hasCover: true,
    daysAgo: 14,
  },
  {
    title: 'Principles of Economics by Mankiw, 8th ed.',
    description:
      'Paperback international edition. Cover slightly bent, pages intact. Perfect for ECO 101 and 102; I also have the study guide at Kes 300 extra.',
    price: 1500,
    category: 'Textbooks and Study Materials',
    sellerKey: 'wanjiru',
    hasCover: true,
    daysAgo: 30,
  },
  {
    title: 'Kamusi ya Kiswahili Sanifu',
    description: 'Toleo la tatu. Nzuri sana, haina kurasa zilizochanika.',
    price: 900,
    category: 'Textbooks and Study Materials',
    sellerKey: 'wanjiru',
    hasCover: false,
    daysAgo: 45,
    status: 'sold',
  },
  {
    title: "Gray's Anatomy for Students, 4th ed.",
    description:
      'Used for one year in MBChB. Some highlighting in the thorax and abdomen sections, otherwise clean. Comes with the flash cards.',
    price: 3500,
    category: 'Textbooks and Study Materials',
    sellerKey: 'chebet',
    hasCover: true,
    daysAgo: 6,
  },
  {
    title: 'First-year BCom past papers 2019-2024 (printed and bound)',
    description:
      'All first-year BCom exam papers from 2019 to 2024, both semesters, printed and spiral-bound with the marking schemes I could find. Saves you hours at the library photocopy queue.',
    price: 300,
    category: 'Textbooks and Study Materials',
    sellerKey: 'mutua',
    hasCover: true,
    daysAgo: 9,
  },
  {
    title: 'Introduction to Algorithms (CLRS), 3rd edition',
    description: 'The classic. Heavy but worth it for data structures and algorithms units.',
    price: 2800,
    category: 'Textbooks and Study Materials',
    sellerKey: 'omondi',
    hasCover: true,
    daysAgo: 21,
  },
  {
    title: 'CPA Part I revision kits (set of 3)',
    description:
      'KASNEB CPA Section 1 and 2 revision kits, Financial Accounting, Business Law and Economics. I passed, now they are yours. Answers written in pencil only on a few pages.',
    price: 1500,
    category: 'Textbooks and Study Materials',
    sellerKey: 'atieno',
    hasCover: true,
    daysAgo: 3,
  },

  // Electronics
  {
    title: 'HP EliteBook 840 G5, 8GB/256GB',
    description:
      'Core i5 8th gen, 8GB RAM, 256GB SSD, 14-inch full HD screen, backlit keyboard. Battery holds about 4 hours of note-taking. Windows 11 and Office installed. Comes with the original charger. Selling because I got a desktop for my final-year project. Can meet at TUK main campus or along Haile Selassie Avenue.',
    price: 38000,
    category: 'Electronics',
    sellerKey: 'mutua',
    hasCover: true,
    daysAgo: 1,
  },
  {
    title: 'Oraimo 20000mAh power bank',
    description:
      'Brand new, sealed box, 6 months warranty. Charges your phone 4 to 5 times during stima outages.',
    price: 2300,
    category: 'Electronics',
    sellerKey: 'otieno',
    hasCover: true,
    daysAgo: 4,
  },
  {
    title: 'Type-C fast charger 33W (original)',
    description: 'Original, not fake. Works with Tecno, Infinix, Samsung and Xiaomi.',
    price: 1200,
    category: 'Electronics',
    sellerKey: 'otieno',
    hasCover: true,
    daysAgo: 11,
  },
  {
    title: 'Oraimo FreePods 4 earbuds',
    description:
      'Noise cancelling earbuds, up to 35 hours with the case. Black colour. New in box, one-year warranty from the shop.',
    price: 3200,
    category: 'Electronics',
    sellerKey: 'otieno',
    hasCover: true,
    daysAgo: 18,
  },
  {
    title: 'SanDisk 64GB flash disk',
    description: 'USB 3.0.',
    price: 800,
    category: 'Electronics',
    sellerKey: 'otieno',
    hasCover: false,
    daysAgo: 25,
  },
  {
    title: 'Samsung Galaxy A14, 128GB',
    description:
      'Back glass is cracked but the screen is perfect and everything works: camera, fingerprint, both SIM slots. Selling to upgrade. Price slightly negotiable.',
    price: 9500,
    category: 'Electronics',
    sellerKey: 'nyambura',
    hasCover: true,
    daysAgo: 7,
  },
  {
    title: 'Lenovo ThinkPad T470, Core i5, 8GB RAM',
    description: 'Strong machine for coding, keyboard is the best. 256GB SSD.',
    price: 27500,
    category: 'Electronics',
    sellerKey: 'akinyi',
    hasCover: true,
    daysAgo: 40,
    status: 'sold',
  },
  {
    title: 'TP-Link Wi-Fi router',
    description:
      'TL-WR840N. Share one Safaricom Home fibre or Faiba connection across the whole hostel wing. Comes with power adapter and LAN cable.',
    price: 2000,
    category: 'Electronics',
    sellerKey: 'kiplagat',
    hasCover: true,
    daysAgo: 33,
  },
  {
    title: 'Vitron 32-inch smart TV',
    description: 'Netflix and YouTube work. Remote included. Moving out of my bedsitter in Kesses.',
    price: 13000,
    category: 'Electronics',
    sellerKey: 'chebet',
    hasCover: true,
    daysAgo: 12,
  },

  // Dorm Room Essentials
  {
    title: 'Mattress 4x6 (used one semester)',
    description:
      'High-density foam, 6 inches thick, still firm. Used one semester in Nyeri, no stains, has its cover. You pick it up from the Kimathi hostels.',
    price: 3500,
    category: 'Dorm Room Essentials',
    sellerKey: 'wambui',
    hasCover: true,
    daysAgo: 5,
  },
  {
    title: 'Mosquito net, rectangular 4x6',
    description: 'Treated net, fits the standard hostel bed. Hooks included.',
    price: 650,
    category: 'Dorm Room Essentials',
    sellerKey: 'njeri',
    hasCover: true,
    daysAgo: 8,
  },
  {
    title: 'Duvet 4x6 with two pillowcases',
    description:
      'Warm for the cold Juja nights. Several colours: maroon, grey, navy and floral. New, still in the bag.',
    price: 2800,
    category: 'Dorm Room Essentials',
    sellerKey: 'njeri',
    hasCover: true,
    daysAgo: 15,
  },
  {
    title: '4-way extension cable with surge protector',
    description:
      'Three metres long, with a switch and a fuse so your laptop survives the power surges after stima comes back. Every hostel room needs one: phone, laptop, kettle and a lamp on one socket.',
    price: 950,
    category: 'Dorm Room Essentials',
    sellerKey: 'njeri',
    hasCover: true,
    daysAgo: 20,
  },
  {
    title: 'Rechargeable LED study lamp',
    description: 'Three brightness levels, about 6 hours per charge.',
    price: 1100,
    category: 'Dorm Room Essentials',
    sellerKey: 'njeri',
    hasCover: false,
    daysAgo: 27,
  },
  {
    title: 'Mkeka',
    description: 'Woven mat, 5x7 feet, handmade in Lamu. Nice for the floor next to the bed.',
    price: 1200,
    category: 'Dorm Room Essentials',
    sellerKey: 'abdi',
    hasCover: true,
    daysAgo: 36,
  },
  {
    title: 'Four-tier plastic shoe rack',
    description: 'Fits behind the door. Easy to assemble, no tools needed.',
    price: 800,
    category: 'Dorm Room Essentials',
    sellerKey: 'atieno',
    hasCover: true,
    daysAgo: 50,
  },
  {
    title: 'Ndoo and basin combo',
    description: '20-litre bucket with lid and a big basin, for when the taps in the hostel go dry again.',
    price: 450,
    category: 'Dorm Room Essentials',
    sellerKey: 'kiplagat',
    hasCover: true,
    daysAgo: 16,
  },

  // School Supplies
  {
    title: 'Casio fx-991ES Plus scientific calculator',
    description:
      'Genuine Casio, not a China copy: check the serial number when we meet. Allowed in all exams. Solves equations, integrals and matrices; saved me in Engineering Maths.',
    price: 1800,
    category: 'School Supplies',
    sellerKey: 'kiplagat',
    hasCover: true,
    daysAgo: 3,
  },
  {
    title: 'Lab coat, size M',
    description: 'Barely used, white, 100% cotton.',
    price: 700,
    category: 'School Supplies',
    sellerKey: 'chebet',
    hasCover: true,
    daysAgo: 22,
  },
  {
    title: 'A4 counter books, 200 pages (pack of 5)',
    description: 'Hard cover, ruled. Cheaper than the bookshop at the gate.',
    price: 650,
    category: 'School Supplies',
    sellerKey: 'mutua',
    hasCover: true,
    daysAgo: 29,
  },
  {
    title: 'A2 drawing board with T-square',
    description:
      'For engineering drawing and architecture students. Board has a parallel motion rule, plus a T-square, set squares (45 and 60 degrees) and a protractor. Used for one year of technical drawing, a few pin marks on the board but perfectly flat and the rule still slides smoothly.',
    price: 2200,
    category: 'School Supplies',
    sellerKey: 'wambui',
    hasCover: true,
    daysAgo: 10,
  },
  {
    title: 'Math set',
    description: 'Oxford set, complete.',
    price: 250,
    category: 'School Supplies',
    sellerKey: 'abdi',
    hasCover: false,
    daysAgo: 60,
  },
  {
    title: 'Water-resistant backpack with 15.6" laptop sleeve',
    description:
      'Padded laptop compartment, USB charging port on the side, many pockets. Survived two rainy seasons at KU without any leaks.',
    price: 1900,
    category: 'School Supplies',
    sellerKey: 'nyambura',
    hasCover: true,
    daysAgo: 13,
  },

  // Clothing and Accessories
  {
    title: 'Mtumba denim jackets (sizes M and L)',
    description:
      'Grade 1 mtumba, washed and ironed. Blue and black washes available. Come try them at the stall.',
    price: 1200,
    category: 'Clothing and Accessories',
    sellerKey: 'achieng',
    hasCover: true,
    daysAgo: 2,
  },
  {
    title: 'Navy blue official suit, size 38',
    description:
      'Two-piece suit, slim fit, worn twice. Perfect for attachment interviews, moots and the Comrades dinner. Trousers can be shortened by our fundi for free.',
    price: 4500,
    category: 'Clothing and Accessories',
    sellerKey: 'achieng',
    hasCover: true,
    daysAgo: 9,
  },
  {
    title: 'Handmade kitenge dress, size 12',
    description: 'Ankara print, fully lined, knee length. Made to order in other sizes within 5 days.',
    price: 2000,
    category: 'Clothing and Accessories',
    sellerKey: 'achieng',
    hasCover: true,
    daysAgo: 19,
  },
  {
    title: 'Air Force 1 sneakers, size 42',
    description: 'Clean white, ex-UK, no creases on the toe box.',
    price: 2800,
    category: 'Clothing and Accessories',
    sellerKey: 'achieng',
    hasCover: true,
    daysAgo: 26,
    status: 'sold',
  },
  {
    title: 'Maasai shuka',
    description: 'Red checked, big size. Warm blanket or fashion piece.',
    price: 600,
    category: 'Clothing and Accessories',
    sellerKey: 'achieng',
    hasCover: false,
    daysAgo: 48,
  },
  {
    title: 'Casio wristwatch',
    description: 'Classic digital, water resistant, new battery.',
    price: 1500,
    category: 'Clothing and Accessories',
    sellerKey: 'karanja',
    hasCover: true,
    daysAgo: 31,
  },
  {
    title: 'Moi University hoodie, grey, size L',
    description: 'Official comrades hoodie from the 2023 sports week. Fleece inside.',
    price: 1300,
    category: 'Clothing and Accessories',
    sellerKey: 'chebet',
    hasCover: true,
    daysAgo: 38,
  },

  // Fitness Equipment
  {
    title: 'Adjustable dumbbells 2 x 10kg',
    description:
      'Two handles with plates from 1.25kg to 2.5kg, spin-lock collars and a carry case. Train in your room instead of paying for the gym in town.',
    price: 4500,
    category: 'Fitness Equipment',
    sellerKey: 'kiprop',
    hasCover: true,
    daysAgo: 4,
  },
  {
    title: 'Yoga mat 6mm with carry strap',
    description: 'Non-slip, purple or green.',
    price: 1200,
    category: 'Fitness Equipment',
    sellerKey: 'kiprop',
    hasCover: true,
    daysAgo: 17,
  },
  {
    title: 'Speed skipping rope',
    description: 'Steel cable with ball bearings, adjustable length.',
    price: 400,
    category: 'Fitness Equipment',
    sellerKey: 'kiprop',
    hasCover: false,
    daysAgo: 28,
  },
  {
    title: 'Resistance bands set (5 levels)',
    description:
      'Five latex bands from light to extra heavy, with handles, ankle straps and a door anchor. Full body workout in a small pouch.',
    price: 1500,
    category: 'Fitness Equipment',
    sellerKey: 'kiprop',
    hasCover: true,
    daysAgo: 35,
  },
  {
    title: 'Mitre football, size 5',
    description: 'Used for one season of inter-hostel games, still holds air well.',
    price: 2000,
    category: 'Fitness Equipment',
    sellerKey: 'abdi',
    hasCover: true,
    daysAgo: 12,
  },
  {
    title: 'Doorway pull-up bar',
    description: 'No screws needed, fits doors 62 to 100 cm wide.',
    price: 2300,
    category: 'Fitness Equipment',
    sellerKey: 'mutua',
    hasCover: true,
    daysAgo: 55,
  },

  // Bicycles and Scooters
  {
    title: 'Mountain bike 26", 21-speed',
    description:
      'Aluminium frame, front suspension, new tyres and brake pads last month. Perfect for the ride from Njoro town to campus. Serviced in our shop, comes with a free lock.',
    price: 14000,
    category: 'Bicycles and Scooters',
    sellerKey: 'kiprop',
    hasCover: true,
    daysAgo: 6,
  },
  {
    title: 'Bicycle lock and chain',
    description: 'Heavy duty, 1.2 m, with two keys.',
    price: 700,
    category: 'Bicycles and Scooters',
    sellerKey: 'kiprop',
    hasCover: true,
    daysAgo: 23,
  },
  {
    title: 'Bike helmet',
    description: 'Adjustable, adult size, ventilated. Safety first, comrades.',
    price: 1500,
    category: 'Bicycles and Scooters',
    sellerKey: 'kiprop',
    hasCover: true,
    daysAgo: 41,
  },
  {
    title: 'Xiaomi M365 electric scooter',
    description:
      'About 25 km per charge, top speed 25 km/h. I used it from Madaraka to Strathmore every day; new tyres fitted in March. Charger included. The fastest way past the Langata Road jam.',
    price: 32000,
    category: 'Bicycles and Scooters',
    sellerKey: 'akinyi',
    hasCover: true,
    daysAgo: 8,
  },
  {
    title: 'Roadmaster single-speed bicycle',
    description: 'Black, strong frame, good for town errands. Carrier and stand included.',
    price: 7500,
    category: 'Bicycles and Scooters',
    sellerKey: 'chebet',
    hasCover: false,
    daysAgo: 47,
  },
  {
    title: 'Kick scooter for adults',
    description: 'Foldable, 200 mm wheels, carries up to 100 kg.',
    price: 3000,
    category: 'Bicycles and Scooters',
    sellerKey: 'nyambura',
    hasCover: true,
    daysAgo: 34,
  },

  // Musical Instruments
  {
    title: 'Yamaha F310 acoustic guitar',
    description:
      'Great beginner guitar with a warm sound. Comes with a soft case, capo, extra strings and a strap. Good for praise and worship or campfire sessions.',
    price: 12000,
    category: 'Musical Instruments',
    sellerKey: 'omondi',
    hasCover: true,
    daysAgo: 5,
  },
  {
    title: 'Casio CT-S200 keyboard',
    description: '61 keys, runs on batteries or adapter. Adapter and stand included.',
    price: 11500,
    category: 'Musical Instruments',
    sellerKey: 'atieno',
    hasCover: true,
    daysAgo: 24,
  },
  {
    title: 'Djembe drum, medium',
    description: 'Hand-carved, goat skin head, tuned.',
    price: 3500,
    category: 'Musical Instruments',
    sellerKey: 'abdi',
    hasCover: true,
    daysAgo: 39,
  },
  {
    title: "D'Addario acoustic guitar strings",
    description: 'Light gauge, 12-53, sealed.',
    price: 900,
    category: 'Musical Instruments',
    sellerKey: 'omondi',
    hasCover: false,
    daysAgo: 52,
  },
  {
    title: 'Soprano ukulele with bag',
    description:
      'Small, light and easy to learn: you can play simple songs after one weekend. Comes with a gig bag and a tuner.',
    price: 4000,
    category: 'Musical Instruments',
    sellerKey: 'wambui',
    hasCover: true,
    daysAgo: 18,
  },
  {
    title: 'Harmonica',
    description: 'Hohner, key of C.',
    price: 800,
    category: 'Musical Instruments',
    sellerKey: 'karanja',
    hasCover: true,
    daysAgo: 64,
  },

  // Gaming Consoles and Video Games
  {
    title: 'PS4 Slim 500GB + 2 controllers',
    description:
      'Ex-UK PS4 Slim, tested and cleaned, with two original controllers, HDMI cable and power cable. Comes with FIFA 23 and GTA V installed on disc. Ninety-day warranty from the shop. Trade-in accepted: bring your old PS3 or Xbox 360 and pay the difference. Delivery within Madaraka, South C and Nairobi West at Kes 200.',
    price: 28000,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'mwangi',
    hasCover: true,
    daysAgo: 1,
  },
  {
    title: 'FIFA 23 (PS4 disc)',
    description: 'No scratches.',
    price: 2500,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'mwangi',
    hasCover: true,
    daysAgo: 10,
  },
  {
    title: 'Xbox One S 1TB',
    description: 'One controller, 4K Blu-ray player, works perfectly. Game Pass ready.',
    price: 24000,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'mwangi',
    hasCover: true,
    daysAgo: 20,
  },
  {
    title: 'PS5 DualSense controller',
    description: 'White, original, new in box.',
    price: 8500,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'mwangi',
    hasCover: true,
    daysAgo: 27,
  },
  {
    title: 'EA Sports FC 24 (PS5)',
    description: 'Played for a month, disc perfect.',
    price: 4500,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'mwangi',
    hasCover: true,
    daysAgo: 44,
    status: 'sold',
  },
  {
    title: 'Gaming headset with mic',
    description: 'Works with PS4, PS5, Xbox and PC. RGB lights.',
    price: 2200,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'mwangi',
    hasCover: false,
    daysAgo: 58,
  },
  {
    title: 'Nintendo Switch Lite (turquoise)',
    description:
      'With Mario Kart 8 and Zelda: Breath of the Wild. Screen protector on since day one, comes with charger and a case.',
    price: 22000,
    category: 'Gaming Consoles and Video Games',
    sellerKey: 'omondi',
    hasCover: true,
    daysAgo: 15,
  },

  // Kitchen Appliances
  {
    title: 'Sufuria set (5 pieces)',
    description: 'Aluminium sufurias with lids, sizes 1 to 5. Ugali and githeri ready.',
    price: 1800,
    category: 'Kitchen Appliances',
    sellerKey: 'njeri',
    hasCover: true,
    daysAgo: 6,
  },
  {
    title: 'Ramtons electric kettle 1.7L',
    description:
      'Stainless steel, automatic switch-off. Check your hostel rules first: some wardens confiscate kettles.',
    price: 1500,
    category: 'Kitchen Appliances',
    sellerKey: 'njeri',
    hasCover: true,
    daysAgo: 14,
  },
  {
    title: 'Jiko',
    description: 'Ceramic-lined charcoal jiko, uses half the charcoal of a normal one.',
    price: 900,
    category: 'Kitchen Appliances',
    sellerKey: 'abdi',
    hasCover: true,
    daysAgo: 30,
  },
  {
    title: 'Single-burner gas cooker with 6kg cylinder',
    description:
      'Cylinder is about half full. Burner and regulator in good working order; I am clearing out after graduating. Pick up from Nyeri town near the Kimathi Way stage.',
    price: 4200,
    category: 'Kitchen Appliances',
    sellerKey: 'wambui',
    hasCover: true,
    daysAgo: 11,
  },
  {
    title: 'Von Hotpoint blender 1.5L',
    description:
      'Glass jar, 3 speeds and pulse. Makes smoothies and blends tomatoes for your stew in seconds. Used maybe ten times.',
    price: 3500,
    category: 'Kitchen Appliances',
    sellerKey: 'akinyi',
    hasCover: true,
    daysAgo: 22,
  },
  {
    title: 'Rice cooker 1.8L',
    description: 'Cooks rice, steams veggies, keeps food warm.',
    price: 2800,
    category: 'Kitchen Appliances',
    sellerKey: 'karanja',
    hasCover: true,
    daysAgo: 37,
  },
  {
    title: 'Thermos flask 1.8L',
    description: 'Keeps chai hot for the whole night of revision.',
    price: 700,
    category: 'Kitchen Appliances',
    sellerKey: 'chebet',
    hasCover: true,
    daysAgo: 53,
  },

  // other
  {
    title: 'Large travel suitcase on wheels',
    description:
      'Hard shell, 28 inches, TSA lock. Carried all my stuff from Mombasa to campus and back for four years without breaking.',
    price: 3000,
    category: 'other',
    sellerKey: 'karanja',
    hasCover: true,
    daysAgo: 26,
  },
  {
    title: 'Wooden chess board',
    description: 'Folding board with full set of pieces. Join the chess club!',
    price: 1200,
    category: 'other',
    sellerKey: 'kiplagat',
    hasCover: true,
    daysAgo: 42,
  },
  {
    title: 'Potted aloe vera',
    description: 'Small plant, clay pot.',
    price: 250,
    category: 'other',
    sellerKey: 'atieno',
    hasCover: true,
    daysAgo: 13,
  },
  {
    title: 'Big golf umbrella',
    description: 'Fits two people. Kisumu rains are no joke.',
    price: 650,
    category: 'other',
    sellerKey: 'achieng',
    hasCover: true,
    daysAgo: 66,
  },
  {
    title: 'Comrades welcome pack: notebook, pen, lanyard and mug',
    description:
      'Leftover welcome packs from the freshers’ week committee. Great as gifts for first years or for yourself.',
    price: 499.99,
    category: 'other',
    sellerKey: 'omondi',
    hasCover: true,
    daysAgo: 0,
  },
];

export const DEMO_SERVICES: readonly DemoService[] = [
  // Art
  {
    name: 'Pencil portraits from your photo (A4)',
    description:
      'Send me a clear photo on WhatsApp and get a realistic graphite portrait in 4 days. A great birthday or anniversary gift. Frame available at Kes 500 extra.',
    price: 1500,
    category: 'Art',
    providerKey: 'atieno',
    hasCover: true,
    daysAgo: 4,
  },
  {
    name: 'Custom painted sneakers',
    description: 'Your design, your colours, permanent leather paint. Bring your own white sneakers.',
    price: 2500,
    category: 'Art',
    providerKey: 'omondi',
    hasCover: true,
    daysAgo: 16,
  },
  {
    name: 'Hostel room and café wall murals',
    description:
      'Murals for rooms, student centres and small cafés around campus. Price is per square metre, paint included.',
    price: 4000,
    category: 'Art',
    providerKey: 'wambui',
    hasCover: true,
    daysAgo: 33,
  },

  // Tutoring and Academic Support
  {
    name: 'Calculus I tutoring (per hour)',
    description:
      'Limits, derivatives and integrals explained slowly with lots of past-paper practice. One-on-one or groups of up to four at the library. I scored an A in SMA 103 and have tutored for two years.',
    price: 500,
    category: 'Tutoring and Academic Support',
    providerKey: 'mutua',
    hasCover: true,
    daysAgo: 2,
  },
  {
    name: 'Organic chemistry revision classes',
    description: 'Group sessions before CATs and exams, per session.',
    price: 300,
    category: 'Tutoring and Academic Support',
    providerKey: 'chebet',
    hasCover: true,
    daysAgo: 12,
  },
  {
    name: 'Python and data structures tutoring',
    description:
      'From your first print statement to linked lists, recursion and Big-O. Online on Google Meet or in person at USIU library. Per hour.',
    price: 800,
    category: 'Tutoring and Academic Support',
    providerKey: 'omondi',
    hasCover: true,
    daysAgo: 21,
  },
  {
    name: 'Research proposal formatting (APA 7) and referencing check',
    description:
      'I format your proposal or project report to your department’s guidelines: title page, table of contents, headings, page numbers, figures, APA 7 in-text citations and reference list. I do not write your work for you; I make what you wrote look professional and catch missing references before your supervisor does.',
    price: 1500,
    category: 'Tutoring and Academic Support',
    providerKey: 'atieno',
    hasCover: false,
    daysAgo: 40,
  },

  // Photography
  {
    name: 'Graduation photoshoot',
    description:
      'One hour session around campus with family and friends, 30 edited photos delivered in a Google Drive folder within a week. Book early: December graduation slots go fast!',
    price: 3500,
    category: 'Photography',
    providerKey: 'akinyi',
    hasCover: true,
    daysAgo: 3,
  },
  {
    name: 'LinkedIn headshots',
    description: 'Clean professional headshots for CVs and LinkedIn, 5 edited photos.',
    price: 1000,
    category: 'Photography',
    providerKey: 'mwangi',
    hasCover: true,
    daysAgo: 19,
  },
  {
    name: 'Event photography (per hour)',
    description: 'Club events, birthdays, church functions and sports days.',
    price: 2000,
    category: 'Photography',
    providerKey: 'nyambura',
    hasCover: true,
    daysAgo: 28,
  },

  // Graphic Design and Printing
  {
    name: 'Posters and flyers for clubs and events',
    description: 'Eye-catching posters delivered in 24 hours, print-ready or for WhatsApp status.',
    price: 800,
    category: 'Graphic Design and Printing',
    providerKey: 'karanja',
    hasCover: true,
    daysAgo: 7,
  },
  {
    name: 'CV design and printing (5 copies)',
    description:
      'Modern one- or two-page CV, printed on quality paper. Ready for attachment and internship applications.',
    price: 500,
    category: 'Graphic Design and Printing',
    providerKey: 'mutua',
    hasCover: true,
    daysAgo: 24,
  },
  {
    name: 'Logo design for small businesses',
    description: 'Three concepts, two revisions, all files (PNG, SVG, PDF).',
    price: 3000,
    category: 'Graphic Design and Printing',
    providerKey: 'akinyi',
    hasCover: true,
    daysAgo: 47,
  },

  // Tech Repair and IT Support
  {
    name: 'Laptop repair and OS reinstall',
    description:
      'Slow laptop? Blue screen? I reinstall Windows or Linux, back up your files first, install drivers, Office and the software for your course. Hardware fixes: keyboards, screens, fans and batteries, parts charged separately.',
    price: 1500,
    category: 'Tech Repair and IT Support',
    providerKey: 'otieno',
    hasCover: true,
    daysAgo: 1,
  },
  {
    name: 'Phone screen replacement (labour)',
    description: 'Tecno, Infinix, Samsung, iPhone. Screen price depends on the model.',
    price: 800,
    category: 'Tech Repair and IT Support',
    providerKey: 'otieno',
    hasCover: true,
    daysAgo: 13,
  },
  {
    name: 'Virus removal and Office setup',
    description: 'Clean up malware, remove pop-ups, set up Microsoft Office or LibreOffice.',
    price: 700,
    category: 'Tech Repair and IT Support',
    providerKey: 'kiplagat',
    hasCover: false,
    daysAgo: 26,
  },
  {
    name: 'Wi-Fi setup for hostels and bedsitters',
    description:
      'Router configuration, range extenders and password sharing done right, so the whole floor can share one connection without fights.',
    price: 1000,
    category: 'Tech Repair and IT Support',
    providerKey: 'karanja',
    hasCover: true,
    daysAgo: 38,
  },

  // Beauty Services
  {
    name: 'Box braids',
    description:
      'Medium or small box braids, hair included in the price for shoulder length. Takes about 5 hours; bring snacks and a good series. Home service in Kahawa Wendani and Kahawa Sukari.',
    price: 2500,
    category: 'Beauty Services',
    providerKey: 'nyambura',
    hasCover: true,
    daysAgo: 5,
  },
  {
    name: 'Gel manicure and pedicure',
    description: 'Gel polish that lasts 3 weeks. Many colours.',
    price: 800,
    category: 'Beauty Services',
    providerKey: 'achieng',
    hasCover: true,
    daysAgo: 17,
  },
  {
    name: "Men's haircut and beard trim (hostel visits)",
    description: 'Clean fade, shape-up and beard trim in your room. Clippers sterilised every time.',
    price: 250,
    category: 'Beauty Services',
    providerKey: 'abdi',
    hasCover: true,
    daysAgo: 29,
  },
  {
    name: 'Makeup for dinners and graduations',
    description: 'Soft glam or full glam, lashes included.',
    price: 2000,
    category: 'Beauty Services',
    providerKey: 'akinyi',
    hasCover: true,
    daysAgo: 44,
  },

  // Fitness Training and Classes
  {
    name: 'Morning HIIT bootcamp (monthly)',
    description:
      'Monday, Wednesday and Friday at 6 a.m. on the Egerton main field. High-intensity intervals, bodyweight only. All fitness levels welcome.',
    price: 1500,
    category: 'Fitness Training and Classes',
    providerKey: 'kiprop',
    hasCover: true,
    daysAgo: 8,
  },
  {
    name: 'Personal training session',
    description: 'A plan for your goal: lose weight, gain muscle or prepare for a marathon.',
    price: 700,
    category: 'Fitness Training and Classes',
    providerKey: 'kiprop',
    hasCover: true,
    daysAgo: 23,
  },
  {
    name: 'Beginner swimming lessons',
    description:
      'Four lessons at the university pool. You will float and swim a full length by the end, guaranteed.',
    price: 1000,
    category: 'Fitness Training and Classes',
    providerKey: 'wanjiru',
    hasCover: true,
    daysAgo: 36,
  },

  // Language Exchange and Translation
  {
    name: 'Kiswahili lessons for international students',
    description:
      'Learn everyday Kiswahili for the matatu, the market and making friends: greetings, numbers, bargaining, a little Sheng. Per hour, online or on campus.',
    price: 600,
    category: 'Language Exchange and Translation',
    providerKey: 'atieno',
    hasCover: true,
    daysAgo: 10,
  },
  {
    name: 'French conversation practice (DELF A2/B1)',
    description: 'Weekly conversation sessions and mock oral exams.',
    price: 700,
    category: 'Language Exchange and Translation',
    providerKey: 'akinyi',
    hasCover: true,
    daysAgo: 31,
  },
  {
    name: 'English & Kiswahili translation (per page)',
    description: 'Letters, church programmes, research questionnaires. Proofread twice.',
    price: 300,
    category: 'Language Exchange and Translation',
    providerKey: 'chebet',
    hasCover: true,
    daysAgo: 50,
  },
  {
    name: 'Kenyan Sign Language basics',
    description: 'Six evening classes to learn the alphabet, greetings and everyday signs.',
    price: 500,
    category: 'Language Exchange and Translation',
    providerKey: 'njeri',
    hasCover: false,
    daysAgo: 57,
  },

  // Moving and Storage Assistance
  {
    name: 'Moving boxes and handcart hire',
    description: 'Five boxes plus a handcart for the day. Returned by 6 p.m.',
    price: 600,
    category: 'Moving and Storage Assistance',
    providerKey: 'abdi',
    hasCover: true,
    daysAgo: 9,
  },
  {
    name: 'Hostel move-out pickup truck (within Juja)',
    description:
      'Pickup truck and two strong guys to move you from hostel to bedsitter or to the stage. Price for trips within Juja; Nairobi trips on quote.',
    price: 2500,
    category: 'Moving and Storage Assistance',
    providerKey: 'karanja',
    hasCover: true,
    daysAgo: 20,
  },
  {
    name: 'Holiday storage for your stuff (per month)',
    description:
      'Going home for the long holiday? Keep your mattress, boxes and kitchen things in a dry locked store near the gate instead of carrying them to shagz. Per month, pickup included.',
    price: 800,
    category: 'Moving and Storage Assistance',
    providerKey: 'njeri',
    hasCover: true,
    daysAgo: 42,
  },

  // Event Planning and DJ Services
  {
    name: 'Event DJ for hostel parties',
    description:
      'Afrobeats, amapiano, gengetone, bongo and the old school throwbacks. Four hours with my own speakers and lights. Comrades prices!',
    price: 5000,
    category: 'Event Planning and DJ Services',
    providerKey: 'mwangi',
    hasCover: true,
    daysAgo: 3,
  },
  {
    name: 'Sound system and PA hire',
    description: 'Two speakers, mixer and two wireless mics for a day.',
    price: 4000,
    category: 'Event Planning and DJ Services',
    providerKey: 'omondi',
    hasCover: true,
    daysAgo: 25,
  },
  {
    name: 'Birthday surprise setup and decor',
    description:
      'Balloons, fairy lights, cake table and a banner set up in the room while the birthday person is away. You just bring the cake and the friends.',
    price: 3000,
    category: 'Event Planning and DJ Services',
    providerKey: 'nyambura',
    hasCover: true,
    daysAgo: 46,
  },

  // Cleaning and Laundry Services
  {
    name: 'Laundry pickup and ironing',
    description:
      'Pickup from your hostel in the morning, washed, dried and ironed, back by evening. Price per basket of about 5 kg.',
    price: 400,
    category: 'Cleaning and Laundry Services',
    providerKey: 'wambui',
    hasCover: true,
    daysAgo: 6,
  },
  {
    name: 'Room deep cleaning',
    description: 'Floor scrubbing, windows, cobwebs and bathroom. Bedsitters and hostel rooms.',
    price: 800,
    category: 'Cleaning and Laundry Services',
    providerKey: 'chebet',
    hasCover: true,
    daysAgo: 18,
  },
  {
    name: 'Sneaker cleaning',
    description: 'Deep clean and whitening for your kicks, ready in 48 hours.',
    price: 300,
    category: 'Cleaning and Laundry Services',
    providerKey: 'achieng',
    hasCover: true,
    daysAgo: 35,
  },
];
