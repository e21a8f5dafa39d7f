// The zengin-code package ships its data without types: bank code → bank, with its branches.
declare module 'zengin-code' {
  interface ZenginEntry {
    readonly code: string;
    readonly name: string;
    readonly kana: string;
    readonly hira: string;
    readonly roma: string;
  }
  interface ZenginBank extends ZenginEntry {
    /** Branch code → branch (ゆうちょ's come as an array). */
    readonly branches: Readonly<Record<string, ZenginEntry>> | readonly ZenginEntry[];
  }
  const banks: Readonly<Record<string, ZenginBank>>;
  export default banks;
}
