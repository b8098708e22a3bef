export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
