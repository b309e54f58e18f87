/**
 * Runtime floor "a script and nothing else": what loading one module through the app's starter costs, with no
 * framework in it (runtime-floors.ts).
 */
document.documentElement.dataset.floorScript = 'ran';
