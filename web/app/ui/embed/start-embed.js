// embed.html's entry: the embedded diagram (embed.js).
import { startEmbed } from './embed.js';

startEmbed();
