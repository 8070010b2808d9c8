// A generated keypair's secret, held in memory until the user has seen it once (the connected view shows it,
// then forgets it). Never storage, never a request.
let generated: { publicKey: string; secret: string } | null = null;

export const rememberGenerated = (g: { publicKey: string; secret: string }) => void (generated = g);
export const generatedFor = (publicKey: string) => (generated?.publicKey === publicKey ? generated : null);
export const forgetGenerated = () => void (generated = null);
