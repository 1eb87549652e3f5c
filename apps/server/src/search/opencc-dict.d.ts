// opencc-js ships its dictionary modules (`opencc-js/dict/<Name>`) without type declarations.
// Each one default-exports the dictionary as "from to|from to|...".
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
