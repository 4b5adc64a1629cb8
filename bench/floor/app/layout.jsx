// The floor's root layout: nothing but the document.
export const metadata = { title: 'Floor' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
