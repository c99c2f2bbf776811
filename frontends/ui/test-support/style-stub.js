// A stylesheet imported by a component, in jest: nothing.
module.exports = {};
