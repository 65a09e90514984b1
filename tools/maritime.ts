// npm run tools -- maritime <command>: the operator commands the image ships as cli.js.
import '../apps/maritime/src/cli';
