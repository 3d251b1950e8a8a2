/** The password of every account the tests make, and of the demo accounts in the demo template. */
export const PASSWORD = 'Test-Pass1!';
