declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
  }
}

export {};
