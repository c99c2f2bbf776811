/** The least environment the gateway starts with (distributed mode): what each config test adds to. */
export const requiredGatewayEnv = {
  REDIS_URL: 'redis://localhost:6379',
  SESSION_SECRET: 's'.repeat(32),
  INTERNAL_AUTH_SECRET: 'i'.repeat(32),
  PUBLIC_URL: 'https://vellum.example.com',
  IDENTITY_URL: 'http://identity:8080',
};
