// The embed gallery's entry (embed-example.html): the gallery (gallery.js).
import { startGallery } from './gallery.js';

startGallery();
