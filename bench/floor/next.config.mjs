// The floor page's build (bench/floor): Next.js's defaults, as `create-next-app` would leave them.
/** @type {import('next').NextConfig} */
export default { reactStrictMode: true, poweredByHeader: false };
