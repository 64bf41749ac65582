/** Routes the account screens link to (hash router paths). */
export const authPaths = {
  login: '/login',
  register: '/register',
  forgot: '/forgetpwd',
  appDownload: '/appdownload',
} as const;
