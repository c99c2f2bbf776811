let counter = 0;

/** A fresh, valid sign-up for each test (usernames and emails at most 32 characters). */
export function newUser(prefix = 'ann') {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  return {
    username: `${prefix}.${tag}`,
    email: `${prefix}${tag}@example.com`,
    firstName: 'Ann',
    lastName: "O'Neil",
    password: 'Correct-Horse9',
  };
}
