/**
 * One style for the whole repository: double quotes, semicolons, trailing commas. Lines are long
 * (120) because the code is dense with typed signatures and messages that read best unbroken.
 *
 * @type {import("prettier").Config}
 */
const config = {
  printWidth: 120,
  singleQuote: false,
  trailingComma: "all",
  semi: true,
};

export default config;
