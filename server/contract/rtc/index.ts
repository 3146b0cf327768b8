export * from './signalling'
