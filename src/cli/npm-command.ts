// The npm executable this CLI starts (`init`'s install, `npm pack` of the package): on Windows npm
// is a .cmd script, which has to be named as such.
export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
