// Sample content of the demo pages (docs/product.md §1: the demo pages hold sample content
// only): fixed, so the pages and their screenshots never change on their own.

export interface DemoMember {
  name: string;
  email: string;
  role: string;
  status: 'Online' | 'Offline';
  joined: string;
}

const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Tim',
  'Barbara',
  'Ken',
  'Frances',
  'Dennis',
  'Radia',
  'John',
];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Berners-Lee',
  'Liskov',
  'Thompson',
  'Allen',
  'Ritchie',
  'Perlman',
  'Backus',
];
const roles = ['Manager', 'Designer', 'Developer', 'Analyst'];

/** Twenty-four members: enough for three pages of eight. */
export const demoMembers: DemoMember[] = Array.from({ length: 24 }, (_, index) => {
  const first = firstNames[index % firstNames.length] as string;
  const last = lastNames[(index * 5 + Math.floor(index / lastNames.length)) % lastNames.length] as string;
  return {
    name: `${first} ${last}`,
    email: `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}@example.com`,
    role: roles[index % roles.length] as string,
    status: index % 3 === 0 ? 'Offline' : 'Online',
    joined: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String(((index * 7) % 27) + 1).padStart(2, '0')}`,
  };
});
